class C
  def self.mk
    define_method(:bg) { |&b| [block_given?, b.nil?] }
    define_method(:y) { yield }
  end
  mk { :outer }
end
p C.new.bg, C.new.bg { 1 }
p C.new.y, (C.new.y { :passed })
class D
  define_method(:bg2) { block_given? }
end
p D.new.bg2, D.new.bg2 { 1 }
class Y2
  def self.define_deep(&inned_block)
    define_method 'deep' do |v|
      # should yield to inner_block
      yield v
    end
  end
  define_deep { |v| v * 2 }
end
p Y2.new.deep(2)
