# Bowling score calculator with strikes, spares and the 10th frame
def score(rolls)
  total, i = 0, 0
  10.times do
    if rolls[i] == 10
      total += 10 + rolls[i + 1] + rolls[i + 2]
      i += 1
    elsif rolls[i] + rolls[i + 1] == 10
      total += 10 + rolls[i + 2]
      i += 2
    else
      total += rolls[i] + rolls[i + 1]
      i += 2
    end
  end
  total
end
games = {
  "gutter" => [0] * 20, "all ones" => [1] * 20, "one spare" => [5, 5, 3] + [0] * 17,
  "one strike" => [10, 3, 4] + [0] * 16, "perfect" => [10] * 12, "all spares" => [5] * 21,
  "mixed" => [10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1]
}
games.each { |name, rolls| puts "#{name.ljust(10)} #{score(rolls).to_s.rjust(3)}" }
