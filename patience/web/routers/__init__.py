"""The API's routers, one per subject: games, statistics, languages and rules."""
