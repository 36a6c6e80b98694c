package quattrotest;

public class WildCard extends Card implements SpecialAbility {

}
