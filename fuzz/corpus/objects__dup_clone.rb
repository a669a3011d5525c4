# dup vs clone: singleton methods, frozen state, initialize_copy
class Doc
  attr_accessor :title, :tags
  def initialize(t) = (@title, @tags = t, [])
  def initialize_copy(src)
    super
    @tags = src.tags.dup
    puts "initialize_copy from #{src.title}"
  end
end
d = Doc.new("orig")
d.tags << :a
def d.special = :yes
c = d.clone
u = d.dup
c.tags << :c
u.tags << :u
p d.tags, c.tags, u.tags
p c.special
p u.respond_to?(:special)
f = Doc.new("frozen").freeze
p f.clone.frozen?, f.dup.frozen?
s = "abc"
t = s.dup
t << "d"
p s, t
p 1.dup, :s.clone, nil.dup
arr = [[1, 2], [3]]
shallow = arr.dup
shallow[0] << 99
p arr
