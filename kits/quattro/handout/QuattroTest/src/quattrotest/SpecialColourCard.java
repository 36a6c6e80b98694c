package quattrotest;

public class SpecialColourCard extends ColourCard implements SpecialAbility {

}
