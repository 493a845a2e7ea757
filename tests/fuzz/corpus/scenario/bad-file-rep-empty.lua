local s = string.rep("", 9223372036854775807)
