"""Layer 2, maths: exact arithmetic over powers of the dice totals, polynomial powers, round counting, approximate numbers. Knows no Risk rules beyond dice."""
