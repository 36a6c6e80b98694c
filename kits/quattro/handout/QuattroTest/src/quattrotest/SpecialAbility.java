package quattrotest;

public interface SpecialAbility {

}
