package quattrotest;

public abstract class Card {

}
