package quattrotest;

public class StandardColourCard {

}
