# pp of nested structures that fit and do not fit on one line (80 cols)
small = {a: 1, b: [1, 2]}
pp small
big = {
  name: "Widget", tags: %w[alpha beta gamma delta epsilon],
  dims: {width: 100, height: 200, depth: 300},
  parts: [{id: 1, name: "bolt"}, {id: 2, name: "nut"}, {id: 3, name: "washer"}]
}
pp big
pp (1..40).to_a
pp [[1] * 30, "x" * 70]
S = Struct.new(:aaaaaaaaaa, :bbbbbbbbbbbb, :cccccccccccccc)
pp S.new("a" * 20, "b" * 20, "c" * 20)
r = pp 1, 2
p r
