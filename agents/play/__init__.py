"""Playing games: tournaments, game records and replays (text and HTML), a person at the
table (terminal and browser)."""
