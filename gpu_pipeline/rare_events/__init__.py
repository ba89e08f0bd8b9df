"""Layer 6, rare_events: importance sampling. ``cross_entropy`` (fitting the tilt on pilot
battles), ``estimate`` (exact sums of weights, the interval), ``rare`` (events, the driver, its
JSON), ``rare_scaling`` (the article's figure: importance sampling against plain Monte
Carlo)."""
