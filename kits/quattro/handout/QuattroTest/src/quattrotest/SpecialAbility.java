package quattrotest;

public class SpecialAbility {

}
