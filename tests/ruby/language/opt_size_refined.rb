# Refinements of size/length/empty? are honoured where they are active.
module R
  refine Array do
    def size = :refined_size
    def empty? = :refined_empty
  end
  refine Hash do
    def length = :refined_length
  end
end

def outside(x) = [x.size, x.length, x.empty?]
p outside([1, 2])
p outside({ a: 1 })

using R
def inside(x) = [x.size, x.length, x.empty?]
3.times { p inside([1, 2]), inside({ a: 1 }) }
p outside([1, 2])
