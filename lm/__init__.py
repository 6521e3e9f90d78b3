"""vlp.lm: language-model clients, evaluation runs, baselines and reports."""
