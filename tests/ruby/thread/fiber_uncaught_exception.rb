def helper = raise(IOError, "from fiber")
f = Fiber.new { [1].each { helper } }
f.resume
