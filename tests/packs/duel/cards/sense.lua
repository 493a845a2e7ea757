-- Sense: Lost Interrupt. Cost 1. Cancel the Dark Side Interrupt just played.
return counter()
