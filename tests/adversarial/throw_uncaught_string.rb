throw "tag", 1
