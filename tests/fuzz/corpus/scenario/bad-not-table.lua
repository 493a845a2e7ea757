scenario "x" "y"
