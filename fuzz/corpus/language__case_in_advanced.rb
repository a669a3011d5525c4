# case/in with arrays of hashes, nested guards, alternative with arrays, deconstruct nil
config = {db: {user: "admin", pass: "secret", port: 5432}, mode: "prod"}
case config
in {db: {user: String => user, port: Integer => port}, mode: "prod" | "staging" => mode}
  puts "#{mode}: #{user}@#{port}"
end
events = [{type: "click", x: 1, y: 2}, {type: "key", key: "a"}, {type: "scroll", dy: -3}, {type: "noop"}, [1, 2]]
events.each do |ev|
  desc = case ev
         in {type: "click", x:, y:} if x == y then "diagonal click"
         in {type: "click", x:, y:} then "click at #{x},#{y}"
         in {type: "key", key: /[a-z]/ => k} then "letter #{k}"
         in {type: "scroll", dy: ..0 => dy} then "scroll up #{-dy}"
         in {type:} then "unhandled #{type}"
         in [Integer, Integer] | [Float, Float] then "pair"
         end
  puts desc
end
case [1, [2, nil]]
in [Integer => a, [b, nil]] then p [a, b]
end
case {name: "x", tags: []}
in {tags: []} then puts "no tags"
end
result = case 7
         in Integer | Float => n if n.zero? then :zero
         in Integer => n unless n.even? then :odd
         else :other
         end
p result
