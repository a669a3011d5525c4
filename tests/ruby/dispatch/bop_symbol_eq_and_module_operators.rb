# Redefining Symbol#== (or prepending a module with ==) is seen by opt_eq's
# Symbol fast path; an operator defined in a module prepended to Integer,
# or later added to such a module, is seen by opt_plus; a module merely
# included does not hide Integer's own operator.
module M; end
class Integer; prepend M; end
p 1 + 1
module M; def +(o) = :plus; end
p 1 + 1
module N; def -(o) = :minus; end
class Integer; include N; end
p 3 - 1
s = :a
r = []
3.times { r << (s == :a) }
module Q; def ==(o) = :q; end
class Symbol; prepend Q; end
3.times { r << (s == :a) << (s != :b) }
p r
