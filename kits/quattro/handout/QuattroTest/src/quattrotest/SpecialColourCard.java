package quattrotest;

public class SpecialColourCard {

}
