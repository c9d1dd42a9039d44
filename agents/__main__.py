"""`python -m agents` runs the command-line entry point."""

from agents.cli import main

main()
