# Reassigning a constant directly: warning goes to stderr, readers see new value
LIMIT = 1
def limit = LIMIT
5.times { limit }
p limit
LIMIT = 2
p limit
