-- Imperial Counter: Lost Interrupt. Cost 1. Cancel the Light Side Interrupt just played.
return counter()
