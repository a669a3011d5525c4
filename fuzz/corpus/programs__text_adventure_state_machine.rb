# A text adventure as a state machine driven by a scripted list of commands
class Adventure
  ROOMS = {
    hall: {desc: "a dusty hall", exits: {north: :library, east: :kitchen}},
    library: {desc: "a silent library", exits: {south: :hall}, item: :key},
    kitchen: {desc: "a cold kitchen", exits: {west: :hall, down: :cellar}, locked: :down},
    cellar: {desc: "a dark cellar with treasure", exits: {up: :kitchen}, goal: true}
  }
  def initialize = (@room, @inventory, @moves = :hall, [], 0)
  def run(commands)
    commands.each do |cmd|
      verb, arg = cmd.split
      @moves += 1
      out = case verb
            when "look" then "You are in #{ROOMS[@room][:desc]}. Exits: #{ROOMS[@room][:exits].keys.join(", ")}"
            when "go" then go(arg&.to_sym)
            when "take" then take
            when "inv" then "You carry: #{@inventory.empty? ? "nothing" : @inventory.join(", ")}"
            else "I don't understand '#{cmd}'"
            end
      puts "> #{cmd}\n#{out}"
      return puts("*** You won in #{@moves} moves! ***") if ROOMS[@room][:goal]
    end
    puts "Game over: out of commands"
  end
  private
  def go(dir)
    dest = ROOMS[@room][:exits][dir] or return "You can't go #{dir || "nowhere"}."
    return "The way #{dir} is locked." if ROOMS[@room][:locked] == dir && !@inventory.include?(:key)
    @room = dest
    "You walk #{dir} to #{ROOMS[dest][:desc]}."
  end
  def take
    item = ROOMS[@room][:item]
    return "Nothing here." if item.nil? || @inventory.include?(item)
    @inventory << item
    "Taken: #{item}."
  end
end
Adventure.new.run(["look", "go east", "go down", "go west", "go west", "go north", "take", "take",
                   "inv", "dance", "go south", "go east", "go down", "look"])
