"""Style sheets, installed with the package as kobito_tui.styles."""
