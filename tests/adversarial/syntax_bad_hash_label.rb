# carmine-check: status-only
h = { "a": 1, b 2 }
