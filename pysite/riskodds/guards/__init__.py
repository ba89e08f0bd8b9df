"""Layer 4, guards: the size guard, the cost guard (with the cost model's estimates) and the running deadline."""
