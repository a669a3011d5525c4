# The standard library's time.rb (Time.parse, strptime, iso8601/xmlschema,
# rfc2822, httpdate and their errors), loaded over carmine's Time and Date.
require "time"
def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end
t("parse1") { Time.parse("2024-03-05 14:07:09 UTC") }
t("parse2") { Time.parse("2024-03-05T14:07:09+09:00") }
t("parse3") { Time.parse("Tue, 05 Mar 2024 14:07:09 GMT") }
t("parse4") { Time.parse("2024-03-05 14:07:09.123456 -0500").usec }
t("parse5") { Time.parse("12:30", Time.utc(2020, 1, 2)) }
t("parse6") { Time.parse("March 5 2024 10am UTC") }
t("parse7") { Time.parse("2024/03/05").strftime("%F %T") }
t("parse_err") { Time.parse("not a time") }
t("parse_nil") { Time.parse(nil) }
t("iso") { Time.iso8601("2024-03-05T14:07:09Z") }
t("iso_frac") { Time.iso8601("2024-03-05T14:07:09.5+02:00").subsec }
t("iso_err") { Time.iso8601("2024-03-05") }
t("xmlschema") { Time.xmlschema("2024-03-05T14:07:09-07:00") }
t("rfc2822") { Time.rfc2822("Tue, 05 Mar 2024 14:07:09 +0100") }
t("rfc_err") { Time.rfc2822("yesterday") }
t("httpdate") { Time.httpdate("Tue, 05 Mar 2024 14:07:09 GMT") }
t("http_err") { Time.httpdate("2024-03-05") }
t("strptime") { Time.strptime("05/03/2024 14:07", "%d/%m/%Y %H:%M").strftime("%F %R") }
t("strptime_z") { Time.strptime("2024-03-05 14:07:09 +0900", "%Y-%m-%d %H:%M:%S %z") }
t("strptime_s") { Time.strptime("1700000000", "%s").utc }
t("strptime_err") { Time.strptime("xx", "%Y") }
u = Time.utc(2024, 3, 5, 14, 7, 9, 123456)
t("to_iso") { [u.iso8601, u.iso8601(3), u.xmlschema(6)] }
t("to_rfc") { [u.rfc2822, u.httpdate, u.rfc822] }
l = Time.new(2024, 3, 5, 14, 7, 9, "+05:30")
t("local_iso") { [l.iso8601, l.rfc2822, l.httpdate] }
t("zone_offset") { [Time.zone_offset("EST"), Time.zone_offset("+09:00"), Time.zone_offset("XYZ")] }
