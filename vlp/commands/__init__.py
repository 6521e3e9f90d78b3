"""One module per ``vlp`` subcommand (see ``vlp.cli``)."""
