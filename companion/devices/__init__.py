"""Hardware: buttons (GPIO and the serial box), LEDs and buzzer, through gpiozero/pyserial."""
