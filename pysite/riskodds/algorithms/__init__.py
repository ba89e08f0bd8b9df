"""Layer 5, algorithms: the flow and its lattice, backward sweeps, the one search, Balanced Blitz's reshaping."""
