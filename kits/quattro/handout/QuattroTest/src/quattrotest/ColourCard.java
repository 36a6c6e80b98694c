package quattrotest;

public class ColourCard {

}
