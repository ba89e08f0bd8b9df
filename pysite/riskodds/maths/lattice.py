"""Coefficients of a polynomial's powers, walked row by row along a sliding window.

Inside the region where both sides roll their full dice (3 v 2 in standard rules), every round
is the same: the attacker loses i of the m armies at stake with count T[i]. Losses only grow, so
a path that ends inside that region never left it, and the probability of having lost `j`
attacking armies after `r` rounds is the coefficient c(r, j) of x**j in T(x)**r, over
total**r. We only need c(r, j) next to the region's walls (where the battle leaves the region),
a window of a few j per row (flow.py says which). The window moves from row r to r + 1 by one
multiplication by U (c(r + 1, j) = sum_i u_i c(r, j - i)), and grows along a row with a
recurrence that every power of a polynomial satisfies.

The recurrence. Let U(x) = u_0 + ... + u_m x**m with u_0, u_m != 0 and P = U**r, with
coefficients c(r, j). Differentiating, P' = r U**(r-1) U', so

    U * P' = r * U' * P.

The coefficient of x**(J-1) on each side: sum_i u_i (J - i) c(r, J - i) = r sum_i i u_i c(r, J - i).
Move the i = 0 term left and the rest right:

    u_0 * J * c(r, J) = sum_{i=1..m} u_i * (i * (r + 1) - J) * c(r, J - i)          (*)

- upwards: (*) gives c(r, J) from the m values below it (dividing by u_0 * J, J >= 1);
- downwards: solved for its last term, (*) gives c(r, J - m) from the m values above it,
  dividing by u_m * (m * (r + 1) - J) = u_m * (m r - (J - m)), non-zero below the top j = m r.

Why every division is exact: c(r, j) are the coefficients of an integer polynomial's power, so
they are integers. (*) is an identity between integers, so the sum on the right IS u_0 * J times
the integer c(r, J) (and likewise downwards): `//` recovers it exactly, no remainder is ever
dropped.

The row's two ends need no recurrence: c(r, 0) = u_0**r and c(r, m r) = u_m**r.
"""


class PowerWindow:
    """c(r, j) = [x**j] U(x)**r on a window of j, for r = 0, 1, 2, ...

    U = coefficients u[0..m] with u[0] != 0 and u[m] != 0 (strip zero ends before).
    """

    def __init__(self, u, r=0, at_top=False):
        """Start at row r, knowing one end of it: c(r, 0) = u0**r, or c(r, m r) = u_m**r if at_top."""
        assert u[0] and u[-1], "strip zero coefficients first"
        self.u, self.m, self.r = tuple(u), len(u) - 1, r
        self.low_power, self.top_power = u[0] ** r, u[-1] ** r     # u[0]**r and u[m]**r
        if at_top:   # c(r, m r) and the zeros above it, enough for the downward recurrence
            self.lo, self.vals = self.m * r, [self.top_power] + [0] * self.m
        else:
            self.lo, self.vals = 0, [self.low_power]

    def _direct(self, j):
        """c(r, j) where it needs no recurrence, else None."""
        if j < 0 or j > self.m * self.r:
            return 0
        if j == 0:
            return self.low_power
        if j == self.m * self.r:
            return self.top_power
        return None

    def _extend_down(self):
        j = self.lo - 1
        v = self._direct(j)
        if v is None:
            u, m, k = self.u, self.m, self.r + 1
            big_j = j + m
            vals = self.vals     # vals[0] is c(r, j + 1)
            acc = u[0] * big_j * vals[m - 1]
            for i in range(1, m):
                acc -= u[i] * (i * k - big_j) * vals[m - 1 - i]
            v = acc // (u[m] * (m * k - big_j))
        self.vals.insert(0, v)
        self.lo = j

    def _extend_up(self):
        j = self.lo + len(self.vals)
        v = self._direct(j)
        if v is None:
            u, m, k, vals, lo = self.u, self.m, self.r + 1, self.vals, self.lo
            acc = 0
            for i in range(1, m + 1):
                if j - i >= lo:
                    acc += u[i] * (i * k - j) * vals[j - i - lo]
                # below the window means j - i < 0 here, where c is 0
            v = acc // (u[0] * j)
        self.vals.append(v)

    def row(self, lo, hi):
        """Current row's c(r, j) for lo <= j <= hi, as a list."""
        while self.lo > lo:
            self._extend_down()
        while self.lo + len(self.vals) - 1 < hi:
            self._extend_up()
        start = lo - self.lo
        return self.vals[start:start + hi - lo + 1]

    def advance(self, lo, hi):
        """Move to row r + 1, keeping c(r + 1, j) for lo <= j <= hi (at least m + 1 wide)."""
        hi = max(hi, lo + self.m)
        u, m = self.u, self.m
        prev = self.row(lo - m, hi)
        new = []
        for j in range(lo, hi + 1):
            base = j - lo + m          # index of c(r, j) in prev
            new.append(sum(u[i] * prev[base - i] for i in range(m + 1) if prev[base - i]))
        self.r += 1
        self.low_power *= u[0]
        self.top_power *= u[m]
        self.lo, self.vals = lo, new


def power_coefficient(t, r, j, tick=None):
    """[x**j] T(x)**r for a polynomial t = (t0, t1, ...), exactly (cost grows with j).
    tick: called every 64 steps of the walk (a running deadline), or None.

    >>> power_coefficient((1, 1), 10, 3)          # binomial: 10 choose 3
    120
    >>> power_coefficient((0, 1, 1), 4, 6)        # x**4 (1 + x)**4: [x**6] = 4 choose 2
    6
    >>> power_coefficient((2275, 2611, 2890), 2, 2) == 2 * 2275 * 2890 + 2611 ** 2
    True
    """
    s, u = strip_zero_ends(t)
    if u is None:
        return 0
    return _row_upto(u, r, j - s * r, tick)


def _row_upto(u, r, j, tick=None):
    """[x**j] U(x)**r via the upward recurrence along the row."""
    m = len(u) - 1
    if j < 0 or j > m * r:
        return 0
    vals = [u[0] ** r]
    for jj in range(1, j + 1):
        if tick and not jj % 64:
            tick()
        acc = 0
        for i in range(1, m + 1):
            if jj - i >= 0:
                acc += u[i] * (i * (r + 1) - jj) * vals[jj - i]
        vals.append(acc // (u[0] * jj))
    return vals[j]


def strip_zero_ends(t):
    """T = x**s * U with U's end coefficients non-zero: (s, U), or (0, None) if T == 0."""
    nonzero = [i for i, c in enumerate(t) if c]
    if not nonzero:
        return 0, None
    return nonzero[0], tuple(t[nonzero[0]:nonzero[-1] + 1])
