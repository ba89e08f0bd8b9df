"""One round of dice: its outcomes with exact integer weights (dice.py counts them)."""
from ..facts.limits import LIMITS
from ..checks.model import as_model, compile_round
from ..checks.rules import Rules
from ..checks.validate import FieldError, check_int


def outcome_space(attack_dice, defend_dice, rules=Rules()):
    """{(attacker_losses, defender_losses): count} for one round with these dice rolled.

    Counts are exact integers, outcomes of count 0 left out. For fair dice they count rolls and
    sum to attack_faces**attack_dice * defend_faces**defend_dice; weighted dice count each roll
    with the product of its faces' weights, out of sum(attack_weights)**attack_dice * ... .
    The dice rolled here are the dice actually thrown (1..3 each), not the rule maxima. With a
    RoundModel (rules=), its table for these dice (which must be within its dice).

    >>> outcome_space(3, 2)           # out of 6**5 = 7776
    {(0, 2): 2890, (1, 1): 2611, (2, 0): 2275}
    >>> outcome_space(1, 1)           # out of 36: ties go to the defender
    {(0, 1): 15, (1, 0): 21}
    >>> outcome_space(1, 3)           # capital: one attack die against three
    {(0, 1): 225, (1, 0): 1071}

    With ties to the attacker (zombies), 2 v 2 is the standard 2 v 2 with the sides swapped:

    >>> outcome_space(2, 2), outcome_space(2, 2, Rules(ties="attacker"))
    ({(0, 2): 295, (1, 1): 420, (2, 0): 581}, {(0, 2): 581, (1, 1): 420, (2, 0): 295})

    Faces 1 and 2 twice as likely (weights out of 8 per die: the earlier kernel's biased dice):

    >>> biased = Rules(attack_weights=(2, 2, 1, 1, 1, 1), defend_weights="2,2,1,1,1,1")
    >>> outcome_space(1, 1, biased)   # out of 8 * 8 = 64
    {(0, 1): 26, (1, 0): 38}
    """
    check_int("attack_dice", attack_dice, LIMITS["min_dice"], LIMITS["max_dice"])
    check_int("defend_dice", defend_dice, LIMITS["min_dice"], LIMITS["max_dice"])
    if isinstance(rules, Rules):
        return {(al, dl): c for al, dl, c in compile_round(rules, attack_dice, defend_dice)}
    model = as_model(rules)
    if attack_dice > model.attack_dice or defend_dice > model.defend_dice:
        raise FieldError(f"this round model has tables up to {model.attack_dice} v {model.defend_dice} "
                         f"dice, not {attack_dice} v {defend_dice}", "attack_dice")
    return model.table(attack_dice, defend_dice)
