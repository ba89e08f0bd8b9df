"""Layer 3, checks: arguments read strictly with clear messages, the rules record, and round models."""
