"""Layer 6, answers: what a player asks (a battle, a summary, troops needed, tables, campaigns), guarded, in records."""
