console.log('preload placeholder');
