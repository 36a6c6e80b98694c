package quattrotest;

public class StandardColourCard extends ColourCard {

}
