# yield in eval'd code runs the block of the method the code runs in
# (through a Binding too); break/next/redo cannot leave an eval.
def with_block
  eval("yield 1")
end
p with_block { |x| x + 1 }

def capture
  binding
end
b = capture { |v| "got #{v}" }
p b.eval('yield(:b)')
p eval('yield(:c)', capture { |v| v })

def in_class_body
  eval("class << self; yield; end")
rescue SyntaxError => e
  e.message
end
p in_class_body { 1 }

begin
  eval("0 rescue break")
rescue SyntaxError => e
  p e.message
end
begin
  eval("0 rescue next")
rescue SyntaxError => e
  p e.message
end
begin
  eval("0 rescue redo")
rescue SyntaxError => e
  p e.message
end
def m
  eval("break")
rescue SyntaxError => e
  e.message
end
p m
