# A syntax error after a wide token (a whole line) and a dynamic constant
# assignment: the snippet windows must not underflow.
    def mu_pp(obj)
GRAPH = {a: %i[b c], b: %i[d], c: %i[d e], d: %i[f], e: %i[f], f: []}
