"""Layer 1, facts: the numbers and names the whole engine (and the site, through describe()) reads."""
