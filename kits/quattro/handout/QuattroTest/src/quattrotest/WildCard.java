package quattrotest;

public class WildCard {

}
