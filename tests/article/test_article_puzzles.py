"""Issue 28: the number puzzles a reader tripped on, each phrase checked against a number computed
here by a recipe that does not share the engine's code path (the plain Fraction dynamic program
of recipes.kernel_end_states with fair dice, or engine_oracle's), and the account retold as the
player gave it."""
import math
import re
from fractions import Fraction

import pytest
from articletext import section, text
from recipes import kernel_end_states
from sitebuild.article import fmt
from wordcount import words_to

PART1 = "article/index.html"
B = "battle/75/10/attacking/std"
S = "battle/70/20/attacking/std"


@pytest.fixture(scope="module")
def part1(built_site) -> str:
    return (built_site / PART1).read_text()


def total_loss_ends(A: int, D: int) -> dict:
    """{defenders left: P(all A attacking armies die leaving that many)}, from the plain program."""
    return {d: p for (a, d), p in kernel_end_states("fair", A, D).items() if a == 0}


def loss(A: int, D: int) -> Fraction:
    return sum(total_loss_ends(A, D).values(), Fraction(0))


def killed_at_most(A: int, D: int, k: int) -> Fraction:
    """P(all A die and at most k defenders killed) = P(all A die leaving at least D - k)."""
    return sum((p for d, p in total_loss_ends(A, D).items() if d >= D - k), Fraction(0))


def plain(html: str) -> str:
    return text(html).replace("\u00a0", " ")


def subsection(html: str, anchor: str) -> str:
    """From the heading `anchor` to the next heading of level 2 or 3 (not a calculator's)."""
    return re.split(r'<h[23] id="(?!calc-)', html.split(f'id="{anchor}"', 1)[1], maxsplit=1)[0]


def prose(html: str) -> str:
    """The words of a section outside its tables, figures and calculators."""
    return plain(re.sub(r"<(figure|form)\b.*?</\1>", " ", html, flags=re.S))


# ---- "a total loss that kills at least five has probability 1.90 × 10⁻¹³ (the total itself)"

def test_the_share_of_total_losses_that_kill_five_is_said_as_a_share_not_as_the_total_again(part1):
    words = prose(subsection(part1, "the-coin-toss-trap"))
    fewer = loss(75, 10) / killed_at_most(75, 10, 4)   # one total loss in this many kills four or fewer
    assert f"Only one total loss in {round(fewer):,} kills fewer than five." in words
    assert fewer > 100   # "nearly every total loss looks like that"
    # no probability in this section prints the total loss's value as something else
    total = fmt.sci(loss(75, 10), 3)
    assert words.count(total) == 0 and "kills at least five has probability" not in words


def test_the_likeliest_ending_is_named_with_its_share_and_its_odds(part1):
    ends = total_loss_ends(75, 10)
    d = max(ends, key=ends.get)
    words = prose(subsection(part1, "the-coin-toss-trap"))
    share = fmt.render(ends[d] / loss(75, 10), "pct0").replace("\u00a0", " ")
    once = fmt.render(ends[d], "inv_big3")
    assert (f"The likeliest ending of all leaves {d} defenders standing. It makes up {share} of total losses "
            f"and comes once in {once} battles.") in words


def test_the_point_to_point_calculator_opens_on_the_ending_its_sentence_names(part1):
    """The sentence names 0 v d (the likeliest total loss); the calculator starts there, counting
    attacking armies, so it shows the sentence's number (its value in the browser:
    test_article_browser)."""
    ends = total_loss_ends(75, 10)
    d = max(ends, key=ends.get)
    sec = subsection(part1, "the-coin-toss-trap")
    assert f"from 75 against 10 to no attacking armies against {d}" in plain(sec)
    form = re.search(r'<form class="calc" id="calc-path".*?</form>', sec, re.S).group(0)
    values = {k: v for k, v in re.findall(r'id="calc-path-(\w+)"[^>]*value="(\d+)"', form) if k.split("_")[0] in ("start", "end")}
    assert values == {"start_attackers": "75", "start_defenders": "10", "end_attackers": "0", "end_defenders": str(d)}
    assert re.search(r'name="convention" value="attacking" checked', form)
    assert f"Point to point: from 75 v 10 to 0 v {d}</h2>" in form


# ---- "1,860 times more": the exact ratio is 1,855

def test_the_second_battles_ratio_is_the_ratio_of_its_numbers(part1):
    all_lost, story_rule = loss(70, 20), killed_at_most(70, 20, 10)
    words = prose(subsection(part1, "the-second-battle-by-the-same-rule")).split("The rule matters.")[1]
    ratio = all_lost / story_rule
    assert f"{round(ratio):,} times more" in words
    # the two numbers it divides are printed beside it, to the digits that give that ratio back
    shown = [float(m.replace(" × 10", "e").translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")))
             for m in re.findall(r"\d\.\d+ × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+", words)]
    assert len(shown) == 1 and f"{fmt.sci(story_rule, 3)}, once in" in prose(subsection(part1, "the-second-battle-by-the-same-rule"))
    assert abs(shown[0] / float(fmt.sci(story_rule, 3).replace(" × 10", "e").translate(
        str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789"))) / float(ratio) - 1) < 0.005


# ---- both battles ≈ 3.6 × 10⁻²⁴, the author's 3.6 × 10⁻²⁶: the difference explained

def test_both_battles_and_the_accounts_square_are_told_apart(part1):
    first, second = loss(75, 10), killed_at_most(70, 20, 10)
    sec = subsection(part1, "both-battles")
    words = prose(sec)
    assert f"squared the first battle's chance instead and got about {fmt.sci(first ** 2, 2)}" in words
    # the formula (KaTeX, a minus sign and plain digits): the engine's product, to the same digits
    assert f'data-computed="mul/{B}/loss/and/{S}/lost_all_killed_le_10"' in sec
    assert fmt.sci(first * second, 2).replace(" ", "").replace("⁻²⁴", "−24") in re.sub(r"\s", "", words)
    times = second / first
    assert f"is {round(times):,} times likelier than the first battle's total loss" in words
    assert (first * second) / (first ** 2) == times   # "so the pair is that many times likelier than the square"


# ---- the story's range: from the smallest reading of the account to 75

def test_the_range_runs_from_the_smallest_reading_to_75(part1):
    sec = subsection(part1, "how-sure-is-75")
    words = plain(sec)
    smallest, seventy, ours = loss(59, 10), loss(69, 10), loss(75, 10)
    assert "60 on the territory and so 59 attacking" in words   # a stack of 30 and 30 from cards
    assert f"once in {fmt.render(smallest, 'inv_big3')} battles" in words
    assert f"about {fmt.render(smallest / ours, 'big2')} times likelier than with 75" in words
    assert f"With 70 on the territory it is once in {fmt.render(seventy, 'inv_big3')}." in words
    # "anywhere in that range ... rarer than one battle in a billion": fewer armies, likelier loss
    assert smallest > seventy > ours and smallest < Fraction(1, 10 ** 9)


def test_the_ratio_of_a_miscount_is_not_read_as_proof(part1):
    words = plain(subsection(part1, "bad-dice-or-a-bad-memory"))
    assert "far likelier than dice this bad" not in words
    assert "depends on how sure the table was of its count" in words


# ---- the account, retold with the facts the player gave

GONE = ["at the top of the story's range", "nobody wrote down its terms", "Fewer would not change the story much",
        "A miscounted stack or a misremembered rule is far likelier", "on the clock of a shared, busy machine",
        "sm_90", "Done in", "Engine ready"]


def test_the_account_is_retold_with_the_players_facts(part1):
    story = plain(section(part1, "two-turns-two-disasters"))
    for fact in ("stacks of thirty to forty armies", "Ten stars bought thirty", "thirty more",
                 "The player later put the first at roughly 75", "About half of the defenders died",
                 "The player in this story, who later wrote it all up"):
        assert fact in story, fact
    # the grievances against luck, as a story
    assert "keeps a list" in story and "Traffic lights" in story and "Magic decks" in story
    assert 'href="#ref-account"' in section(part1, "two-turns-two-disasters")
    ref = re.search(r'<li id="ref-account">(.*?)</li>', part1).group(1)
    assert 'href="https://blog.jcall.engineer/writeups/proving-bad-luck"' in ref
    words = plain(part1)
    for phrase in GONE:
        assert phrase not in words, phrase


def test_the_trillion_battle_chase_is_told(part1):
    from sitebuild.article import history
    chase = history.history()["monte_carlo"]
    words = plain(section(part1, "why-a-trillion-simulated-battles-cannot-see-it"))
    assert f"A desktop computer played a million battles in {chase[0]['time']}" in words
    assert f"played a trillion battles in {chase[-1]['time']}" in words


def test_the_meaning_is_met_within_350_words(part1):
    prose_words, all_words = words_to(part1, "what-it-means")
    assert prose_words <= 350 and all_words < 600, (prose_words, all_words)
    meaning = plain(section(part1, "what-it-means"))
    coin = -math.log2(loss(75, 10))
    assert f"heads {round(coin)} times in a row" in meaning
    years = 1 / loss(75, 10) / (365.25 * 86400)
    assert f"wait on average {fmt.big(years, 3)} years" in meaning
