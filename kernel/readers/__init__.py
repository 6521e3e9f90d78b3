"""Readers of the rule table and the terms that need no trust (roles, SMT-LIB built-ins,
hyperedge values, queries, constructors). The trusted core (kernel/*.py) imports nothing
from here; tests/test_import_graph.py checks it."""
