package quattrotest;

public abstract class ColourCard extends Card {

}
