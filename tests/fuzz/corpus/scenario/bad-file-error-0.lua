error("no place", 0)
