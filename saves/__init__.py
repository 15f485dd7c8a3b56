"""Example games, installed with the package as kobito_tui.examples."""
