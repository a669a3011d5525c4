# Redefining Array#[], Array#size, Hash#[] and String#+ must defeat opt_* fast paths
def aref(a) = a[0]
def asize(a) = a.size
def href(h) = h[:k]
def scat(s) = s + "!"
arr, hash, str = [1, 2], {k: :v}, "s"
5.times { aref(arr); asize(arr); href(hash); scat(str) }
p [aref(arr), asize(arr), href(hash), scat(str)]
class Array
  alias_method :o_aref, :[]
  alias_method :o_size, :size
  def [](*i) = :patched_aref
  def size = -1
end
class Hash
  alias_method :o_href, :[]
  def [](k) = :patched_href
end
class String
  alias_method :o_plus, :+
  def +(o) = "patched"
end
p [aref(arr), asize(arr), href(hash), scat(str)]
class Array
  alias_method :[], :o_aref
  alias_method :size, :o_size
end
class Hash
  alias_method :[], :o_href
end
class String
  alias_method :+, :o_plus
end
p [aref(arr), asize(arr), href(hash), scat(str)]
