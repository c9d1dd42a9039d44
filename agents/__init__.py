"""Bots and command-line tools for the library's games."""
