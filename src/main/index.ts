console.log('main placeholder');
