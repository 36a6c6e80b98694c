package quattrotest;

public class Player {

}
