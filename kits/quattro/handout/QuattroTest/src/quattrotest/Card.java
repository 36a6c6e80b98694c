package quattrotest;

public class Card {

}
