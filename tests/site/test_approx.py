"""Approximate answers while Python loads (contract C4): approxBattle in Chromium reads the table the
build computed with the engine; each value within the quantisation step (0.23 %) of the exact one;
null for anything the table does not hold."""
import riskodds as ro
import pytest

from sitebuild import approx

CELLS = [(75, 10, "attacking"), (76, 10, "territory"), (200, 200, "attacking"), (1, 200, "attacking"),
         (200, 1, "attacking"), (20, 20, "territory"), (3, 2, "attacking"), (137, 151, "attacking")]
REL = 10 ** (1 / (2 * approx.SCALE)) - 1 + 1e-9  # half a quantisation step, relative


@pytest.fixture(scope="module")
def approx_in_page(site_context, built_site):
    url = "/" + next(built_site.glob("assets/js/approx.*.js")).relative_to(built_site).as_posix()
    page = site_context.new_page()
    page.goto("/no-such-page/")  # a page without calculators (the 404 page): no runtime, only the table

    def ask(params_list):
        return page.evaluate("""async ([url, list]) => {
            const { approxBattle } = await import(url);
            return Promise.all(list.map((p) => approxBattle(p)));
        }""", [url, params_list])
    yield ask
    page.close()


def test_approx_matches_the_engine_within_its_step(approx_in_page):
    got = approx_in_page([{"attackers": a, "defenders": d, "convention": c} for a, d, c in CELLS])
    for (a, d, c), value in zip(CELLS, got):
        b = ro.battle(a, d, convention=c)
        for side, exact in (("win", b.win), ("loss", b.loss)):
            assert value[side] == pytest.approx(float(exact), rel=REL), (a, d, c, side)


def test_form_strings_and_standard_rule_fields_are_accepted(approx_in_page):
    form = {"attackers": "75", "defenders": "10", "convention": "attacking", "defend_dice": "2", "attack_dice": "3",
            "ties": "defender", "defender_bonus": "none", "attack_faces": "6", "defend_faces": "6",
            "retreat_at": "", "defender_goal": "", "survivors": "30"}
    [value] = approx_in_page([form])
    assert value["loss"] == pytest.approx(float(ro.battle(75, 10, convention="attacking").loss), rel=REL)


@pytest.mark.parametrize("extra", [{"defend_dice": 3}, {"ties": "attacker"}, {"attack_faces": "8"},
                                   {"retreat_at": 5}, {"defender_goal": "2"}, {"dice_mode": "balanced-blitz"},
                                   {"attackers": 201}, {"attackers": 0}, {"defenders": 0},
                                   {"attackers": 1, "convention": "territory"}, {"attackers": "7.5"},
                                   {"convention": "sideways"}, {"some_future_rule": "on"}])
def test_outside_the_table_is_null(approx_in_page, extra):
    [value] = approx_in_page([{"attackers": 75, "defenders": 10, "convention": "attacking", **extra}])
    assert value is None
